package dev.gabysql.core.introspect;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A real JDBC connection seen through a proxy that records every statement executed on it (not a mock: every
 * call goes to the real driver). Used to prove that a schema read issues a constant number of queries.
 */
public final class CountingConnection {
    private final List<String> executed = Collections.synchronizedList(new ArrayList<>());
    private final Connection proxy;

    private CountingConnection(Connection real) {
        this.proxy = (Connection) Proxy.newProxyInstance(
                Connection.class.getClassLoader(), new Class<?>[] {Connection.class}, new ConnectionHandler(real));
    }

    public static CountingConnection wrap(Connection real) {
        return new CountingConnection(real);
    }

    public Connection connection() {
        return proxy;
    }

    public int count() {
        return executed.size();
    }

    public List<String> statements() {
        return List.copyOf(executed);
    }

    private static Object call(Object target, Method m, Object[] args) throws Throwable {
        try {
            return m.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    private final class ConnectionHandler implements InvocationHandler {
        private final Connection real;

        ConnectionHandler(Connection real) {
            this.real = real;
        }

        @Override
        public Object invoke(Object p, Method m, Object[] args) throws Throwable {
            Object result = call(real, m, args);
            if (result instanceof Statement && m.getReturnType().isInterface()) {
                String sql = args != null && args.length > 0 && args[0] instanceof String ? (String) args[0] : null;
                return Proxy.newProxyInstance(
                        Connection.class.getClassLoader(),
                        new Class<?>[] {m.getReturnType()},
                        new StatementHandler((Statement) result, sql));
            }
            return result;
        }
    }

    private final class StatementHandler implements InvocationHandler {
        private final Statement real;
        private final String preparedSql;

        StatementHandler(Statement real, String preparedSql) {
            this.real = real;
            this.preparedSql = preparedSql;
        }

        @Override
        public Object invoke(Object p, Method m, Object[] args) throws Throwable {
            if (m.getName().startsWith("execute")) {
                executed.add(
                        args != null && args.length > 0 && args[0] instanceof String ? (String) args[0] : preparedSql);
            }
            return call(real, m, args);
        }
    }
}

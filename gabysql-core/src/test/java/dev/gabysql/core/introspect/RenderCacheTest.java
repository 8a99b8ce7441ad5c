package dev.gabysql.core.introspect;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gabysql.core.api.Rendered;
import org.junit.jupiter.api.Test;

class RenderCacheTest {

    @Test
    void theSameModelInstanceIsRenderedOnceAndEachCallerGetsItsOwnJson() {
        SchemaModel model = ModelFixtures.wide(20);
        Rendered first = SchemaPresenter.describe(model, DetailLevel.FULL, SchemaFilter.ALL, null, 200_000);
        ((ObjectNode) first.json()).put("added_by_a_front_end", true);
        Rendered second = SchemaPresenter.describe(model, DetailLevel.FULL, SchemaFilter.ALL, null, 200_000);
        assertThat(second.text()).isSameAs(first.text());
        assertThat(second.json().has("added_by_a_front_end")).isFalse();
    }

    @Test
    void anEqualButNewModelIsRenderedAgain() {
        Rendered a =
                SchemaPresenter.describe(ModelFixtures.wide(20), DetailLevel.SUMMARY, SchemaFilter.ALL, null, 200_000);
        Rendered b =
                SchemaPresenter.describe(ModelFixtures.wide(20), DetailLevel.SUMMARY, SchemaFilter.ALL, null, 200_000);
        assertThat(b.text()).isEqualTo(a.text()).isNotSameAs(a.text());
    }
}

/** The one service interface all front ends call, its request and result records, and the local implementation. */
package dev.gabysql.core.service;

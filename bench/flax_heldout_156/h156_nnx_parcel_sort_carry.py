# label: ok
# flax-error: none
# class: 5 the while_loop body is timed(with_retries(step)); step calls router.route(scan) and carries the last scan, assigned to router.last_scan after the loop
"""Parcel sorting hub: routes scanned parcels to chutes; step functions are wrapped for ops."""
import functools
import time

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import while_loop


class ChuteRouter(nnx.Module):
    def __init__(self, features, chutes, rngs):
        self.proj = nnx.Linear(features, chutes, rngs=rngs)
        self.last_scan = nnx.data(jnp.zeros((features,)))

    def route(self, scan):
        return nnx.softmax(self.proj(scan))

    def __call__(self, scan):
        self.last_scan = scan  # kept for the ops dashboard
        return self.route(scan)


def with_retries(fn, attempts=3, retry_on=(TimeoutError, ConnectionError)):
    @functools.wraps(fn)
    def wrapper(*args):
        for attempt in range(attempts):
            try:
                return fn(*args)
            except retry_on:
                if attempt == attempts - 1:
                    raise
    return wrapper


def timed(fn, sink):
    @functools.wraps(fn)
    def wrapper(*args):
        start = time.perf_counter()
        out = fn(*args)
        sink.append(time.perf_counter() - start)
        return out
    return wrapper


class SortingHub:
    def __init__(self, router):
        self.router = router
        self.timings = []

    def sort_belt(self, scans):
        def step(state):
            i, load, last = state
            probs = self.router.route(scans[i])
            return i + 1, load + probs, scans[i]

        body = timed(with_retries(step), self.timings)
        start = (0, jnp.zeros(self.router.proj.out_features), scans[0])
        _, load, last = while_loop(lambda s: s[0] < scans.shape[0], body, start)
        self.router.last_scan = last
        return load


def main():
    router = ChuteRouter(features=6, chutes=4, rngs=nnx.Rngs(0))
    scans = jax.random.normal(jax.random.key(7), (8, 6))
    print(SortingHub(router).sort_belt(scans))
    return None

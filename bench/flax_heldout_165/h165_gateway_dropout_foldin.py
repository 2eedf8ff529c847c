# label: ok
# flax-error: none
# class: 5 functools.partial(model.apply, variables) kept on a pooled Session; the dropout key is the session key folded with the scan step
"""Model serving gateway: a pool of warm sessions answers scoring requests with Monte Carlo
dropout samples so the caller gets an uncertainty band."""

import functools

import flax.linen as nn
import jax
import jax.numpy as jnp
from jax import lax


class RiskHead(nn.Module):
    hidden: int = 32
    rate: float = 0.25

    @nn.compact
    def __call__(self, x, deterministic: bool):
        h = nn.relu(nn.Dense(self.hidden)(x))
        h = nn.Dropout(self.rate, deterministic=deterministic)(h)
        return nn.Dense(1)(h)


class Session:
    def __init__(self, model, variables, key):
        self.forward = functools.partial(model.apply, variables, deterministic=False)
        self.key = key
        self.served = 0


class SessionPool:
    def __init__(self, model, variables, size, seed):
        keys = jax.random.split(jax.random.key(seed), size)
        self._idle = [Session(model, variables, k) for k in keys]

    def acquire(self):
        return self._idle.pop()

    def release(self, session):
        self._idle.append(session)


class Gateway:
    def __init__(self, pool: SessionPool, samples: int):
        self.pool = pool
        self.samples = samples

    def score(self, request):
        session = self.pool.acquire()
        try:
            def body(carry, step):
                key = jax.random.fold_in(session.key, step)
                return carry, session.forward(request, rngs={"dropout": key})

            _, draws = lax.scan(body, None, jnp.arange(self.samples))
            session.served += 1
            return draws
        finally:
            self.pool.release(session)


def main():
    model = RiskHead()
    request = jnp.linspace(-1.0, 1.0, 12).reshape(2, 6)
    variables = model.init(jax.random.key(0), request, deterministic=True)
    gateway = Gateway(SessionPool(model, variables, size=3, seed=11), samples=5)
    return gateway.score(request)

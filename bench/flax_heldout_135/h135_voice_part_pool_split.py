# label: ok
# flax-error: none
# class: 4 each ScoringSession in the SessionPool that ChoirService holds keeps functools.partial(model.apply, variables) and its key; the key is split before the scan and one dropout key per week enters the body as xs for service.pool.get(part).score
"""Choir scheduling service: a pool of scoring sessions, one per voice part, estimates with
MC dropout how likely each singer is to make each rehearsal week."""
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn


class AttendanceNet(nn.Module):
    @nn.compact
    def __call__(self, history, train: bool):
        h = nn.relu(nn.Dense(16)(history))
        h = nn.Dropout(rate=0.3, deterministic=not train)(h)
        return nn.sigmoid(nn.Dense(1)(h))[:, 0]


class ScoringSession:
    def __init__(self, model, variables, key):
        self._score = functools.partial(model.apply, variables, train=True)
        self.key = key

    def score(self, history, key):
        return self._score(history, rngs={"dropout": key})


class SessionPool:
    def __init__(self, model, variables, parts, key):
        keys = jax.random.split(key, len(parts))
        self._sessions = {part: ScoringSession(model, variables, k) for part, k in zip(parts, keys)}

    def get(self, part):
        return self._sessions[part]


class ChoirService:
    def __init__(self, pool):
        self.pool = pool

    def attendance_samples(self, part, history, weeks):
        keys = jax.random.split(self.pool.get(part).key, weeks)

        def body(carry, key):
            p = self.pool.get(part).score(history, key)
            return carry + p, p

        _, samples = jax.lax.scan(body, jnp.zeros(history.shape[0]), keys)
        return samples


def main():
    history = jnp.linspace(0.0, 1.0, 5 * 8).reshape(5, 8)  # 5 altos, 8 past weeks
    model = AttendanceNet()
    variables = model.init(jax.random.key(0), history, train=False)
    pool = SessionPool(model, variables, ["soprano", "alto", "tenor", "bass"], jax.random.key(1))
    service = ChoirService(pool)
    return service.attendance_samples("alto", history, weeks=6)  # (week, singer)

# label: ok
# flax-error: none
# class: 4 model and nnx.Optimizer of a TrainingSession taken from a KennelService's session pool are split before the scan, merged in the body and carried; nnx.update writes them back
"""Sled dog kennel: per-team fatigue models trained online by a service holding one session per team."""
import dataclasses

import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax import lax


@dataclasses.dataclass(frozen=True)
class SessionConfig:
    learning_rate: float = 1e-2
    hidden: int = 8


class FatigueNet(nnx.Module):
    def __init__(self, cfg: SessionConfig, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(5, cfg.hidden, rngs=rngs)
        self.l2 = nnx.Linear(cfg.hidden, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))[..., 0]


def fatigue_step(model, optimizer, batch):
    x, y = batch

    def loss_fn(m):
        return jnp.mean((m(x) - y) ** 2)

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)
    return loss


class TrainingSession:
    def __init__(self, cfg: SessionConfig, seed: int):
        self.model = FatigueNet(cfg, nnx.Rngs(seed))
        self.optimizer = nnx.Optimizer(self.model, optax.adam(cfg.learning_rate), wrt=nnx.Param)


class KennelService:
    def __init__(self, cfg: SessionConfig):
        self.cfg = cfg
        self._sessions = {}

    def session(self, team: str) -> TrainingSession:
        if team not in self._sessions:
            self._sessions[team] = TrainingSession(self.cfg, seed=len(self._sessions))
        return self._sessions[team]

    def fit(self, team, xs, ys):
        session = self.session(team)
        graphdef, state = nnx.split((session.model, session.optimizer))

        def body(state, batch):
            model, optimizer = nnx.merge(graphdef, state)
            loss = fatigue_step(model, optimizer, batch)
            return nnx.state((model, optimizer)), loss

        state, losses = lax.scan(body, state, (xs, ys))
        nnx.update((session.model, session.optimizer), state)
        return losses


def main():
    service = KennelService(SessionConfig())
    xs = jax.random.normal(jax.random.key(0), (4, 6, 5))  # runs x dogs x (distance, pace, temp, load, rest)
    ys = jax.random.uniform(jax.random.key(1), (4, 6))
    service.fit("northern-team", xs, ys)

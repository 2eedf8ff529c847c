# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 32 (128 B)
# class: 3 a MetaLearner object holds the NNX model and its _inner_step method applies nnx.grad to it from a fori_loop body
"""MAML-style inner-loop adaptation on sine regression tasks with an NNX regressor."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass(frozen=True)
class MetaConfig:
    hidden: int = 32
    inner_lr: float = 0.05
    inner_steps: int = 3


class SineRegressor(nnx.Module):
    def __init__(self, hidden, *, rngs: nnx.Rngs):
        self.layers = nnx.List([
            nnx.Linear(1, hidden, rngs=rngs),
            nnx.Linear(hidden, hidden, rngs=rngs),
            nnx.Linear(hidden, 1, rngs=rngs),
        ])

    def __call__(self, x):
        for layer in self.layers[:-1]:
            x = nnx.relu(layer(x))
        return self.layers[-1](x)


def mse_loss(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


class MetaLearner:
    def __init__(self, model: SineRegressor, cfg: MetaConfig):
        self.model = model
        self.cfg = cfg

    def _inner_step(self, x, y):
        grads = nnx.grad(mse_loss)(self.model, x, y)
        params = nnx.state(self.model, nnx.Param)
        nnx.update(self.model, jax.tree.map(lambda p, g: p - self.cfg.inner_lr * g, params, grads))

    def adapt(self, support_x, support_y):
        def body(_, carry):
            self._inner_step(support_x, support_y)
            return carry

        jax.lax.fori_loop(0, self.cfg.inner_steps, body, 0)
        return self.model


def sample_task(key, n):
    k1, k2, k3 = jax.random.split(key, 3)
    amp, phase = jax.random.uniform(k1, (), minval=0.5, maxval=2.0), jax.random.uniform(k2, (), maxval=jnp.pi)
    x = jax.random.uniform(k3, (n, 1), minval=-5, maxval=5)
    return x, amp * jnp.sin(x + phase)


def main():
    cfg = MetaConfig()
    learner = MetaLearner(SineRegressor(cfg.hidden, rngs=nnx.Rngs(0)), cfg)
    x, y = sample_task(jax.random.key(1), 10)
    adapted = learner.adapt(x, y)
    print("support loss after adaptation", mse_loss(adapted, x, y))
    return None

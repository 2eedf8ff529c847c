# label: ok
# flax-error: none
# class: 2 the fori_loop body of adapt() calls _inner_grads(), which merges the carried fast weights into a fresh module and applies nnx.grad to it
"""Few-shot sine regression with MAML-style inner-loop adaptation; the adapted model
is rebuilt from the fast weights at every inner step and evaluated on the query set."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass(frozen=True)
class MetaConfig:
    hidden: int = 40
    inner_lr: float = 0.01
    inner_steps: int = 3
    shots: int = 10


class SineRegressor(nnx.Module):
    def __init__(self, hidden: int, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(1, hidden, rngs=rngs)
        self.l2 = nnx.Linear(hidden, hidden, rngs=rngs)
        self.out = nnx.Linear(hidden, 1, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.relu(self.l2(nnx.relu(self.l1(x)))))


class MetaLearner:
    def __init__(self, learner: SineRegressor, cfg: MetaConfig):
        self.cfg = cfg
        self.graphdef, self.meta_params = nnx.split(learner, nnx.Param)

    @staticmethod
    def _task_loss(model, x, y):
        return jnp.mean((model(x) - y) ** 2)

    def _inner_grads(self, fast, x, y):
        model = nnx.merge(self.graphdef, fast)
        return nnx.grad(self._task_loss)(model, x, y)

    def adapt(self, x_support, y_support):
        def body(step, fast):
            grads = self._inner_grads(fast, x_support, y_support)
            return jax.tree.map(lambda p, g: p - self.cfg.inner_lr * g, fast, grads)

        return jax.lax.fori_loop(0, self.cfg.inner_steps, body, self.meta_params)

    def query_loss(self, fast, x_query, y_query):
        return self._task_loss(nnx.merge(self.graphdef, fast), x_query, y_query)


def sample_task(key, shots):
    k1, k2, k3 = jax.random.split(key, 3)
    amp = jax.random.uniform(k1, (), minval=0.1, maxval=5.0)
    phase = jax.random.uniform(k2, (), maxval=jnp.pi)
    x = jax.random.uniform(k3, (2 * shots, 1), minval=-5.0, maxval=5.0)
    return x, amp * jnp.sin(x + phase)


def main():
    cfg = MetaConfig()
    meta = MetaLearner(SineRegressor(cfg.hidden, nnx.Rngs(0)), cfg)
    x, y = sample_task(jax.random.key(1), cfg.shots)
    fast = meta.adapt(x[: cfg.shots], y[: cfg.shots])
    loss = meta.query_loss(fast, x[cfg.shots :], y[cfg.shots :])
    return None

# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 40 (160 B)
# class: 2 the fori_loop body of adapt() calls _inner_grads(), which applies nnx.grad to the learner held outside the loop
"""Few-shot sine regression with MAML-style inner-loop adaptation: fast weights are
updated with a few gradient steps on the support set of each task."""
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
        self.learner, self.cfg = learner, cfg

    @staticmethod
    def _task_loss(model, x, y):
        return jnp.mean((model(x) - y) ** 2)

    def _inner_grads(self, x, y):
        return nnx.grad(self._task_loss)(self.learner, x, y)

    def adapt(self, x_support, y_support):
        fast = nnx.state(self.learner, nnx.Param)

        def body(step, fast):
            grads = self._inner_grads(x_support, y_support)
            return jax.tree.map(lambda p, g: p - self.cfg.inner_lr * g, fast, grads)

        return jax.lax.fori_loop(0, self.cfg.inner_steps, body, fast)


def sample_task(key, shots):
    k1, k2, k3 = jax.random.split(key, 3)
    amp = jax.random.uniform(k1, (), minval=0.1, maxval=5.0)
    phase = jax.random.uniform(k2, (), maxval=jnp.pi)
    x = jax.random.uniform(k3, (shots, 1), minval=-5.0, maxval=5.0)
    return x, amp * jnp.sin(x + phase)


def main():
    cfg = MetaConfig()
    meta = MetaLearner(SineRegressor(cfg.hidden, nnx.Rngs(0)), cfg)
    x, y = sample_task(jax.random.key(1), cfg.shots)
    fast = meta.adapt(x, y)
    return None

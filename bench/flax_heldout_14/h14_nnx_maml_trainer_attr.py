# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 20 (80 B)
# class: 3 inner-loop adaptation calls a method of a Trainer held by a MetaLearner; the Trainer's optimizer and model are outside the raw fori_loop body
"""First-order MAML excerpt: the meta-learner owns a Trainer that does
plain SGD steps on a task; inner adaptation unrolled with lax.fori_loop."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import optax
from flax import nnx


@dataclass
class MAMLConfig:
    in_dim: int = 1
    hidden: int = 20
    inner_lr: float = 0.05
    inner_steps: int = 3
    shots: int = 10


class Regressor(nnx.Module):
    def __init__(self, cfg: MAMLConfig, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(cfg.in_dim, cfg.hidden, rngs=rngs)
        self.l2 = nnx.Linear(cfg.hidden, cfg.hidden, rngs=rngs)
        self.l3 = nnx.Linear(cfg.hidden, 1, rngs=rngs)

    def __call__(self, x):
        return self.l3(nnx.relu(self.l2(nnx.relu(self.l1(x)))))


def mse(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


class Trainer:
    def __init__(self, model, lr):
        self.model = model
        self.opt = nnx.Optimizer(model, optax.sgd(lr), wrt=nnx.Param)

    def train_step(self, x, y):
        loss, grads = nnx.value_and_grad(mse)(self.model, x, y)
        self.opt.update(self.model, grads)
        return loss


class MetaLearner:
    def __init__(self, cfg: MAMLConfig, seed: int = 0):
        self.cfg = cfg
        self.trainer = Trainer(Regressor(cfg, nnx.Rngs(seed)), cfg.inner_lr)

    def adapt(self, x_support, y_support):
        def inner(i, losses):
            loss = self.trainer.train_step(x_support, y_support)
            return losses.at[i].set(loss)

        return jax.lax.fori_loop(0, self.cfg.inner_steps, inner, jnp.zeros(self.cfg.inner_steps))


def sample_task(key, cfg):
    ka, kp, kx = jax.random.split(key, 3)
    amp = jax.random.uniform(ka, minval=0.1, maxval=5.0)
    phase = jax.random.uniform(kp, maxval=jnp.pi)
    x = jax.random.uniform(kx, (cfg.shots, 1), minval=-5, maxval=5)
    return x, amp * jnp.sin(x + phase)


def main():
    cfg = MAMLConfig()
    learner = MetaLearner(cfg)
    x, y = sample_task(jax.random.key(0), cfg)
    losses = learner.adapt(x, y)
    query_loss = mse(learner.trainer.model, x, y)
    return None

# label: ok
# flax-error: none
# class: 3 a scheduler chosen by config is an nnx.Module with a StepCount(nnx.Variable); the while_loop carries the step and the count is written after the loop
"""Fit-until-converged loop with lax.while_loop; the learning-rate scheduler is an NNX module
picked from a registry; the loop carries the step and the scheduler's count is advanced after
the loop."""
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class StepCount(nnx.Variable):
    pass


class WarmupCosine(nnx.Module):
    def __init__(self, base_lr, warmup, total):
        self.base_lr, self.warmup, self.total = base_lr, warmup, total
        self.count = StepCount(jnp.array(0, jnp.int32))

    def lr_at(self, step):
        step = step.astype(jnp.float32)
        warm = self.base_lr * step / self.warmup
        cos = 0.5 * self.base_lr * (1 + jnp.cos(jnp.pi * jnp.minimum(step / self.total, 1.0)))
        return jnp.where(step < self.warmup, warm, cos)

    def __call__(self):
        step = self.count.value
        self.count.value = step + 1
        return self.lr_at(step)


class Constant(WarmupCosine):
    def lr_at(self, step):
        return jnp.asarray(self.base_lr, jnp.float32)


SCHEDULERS = {"warmup_cosine": WarmupCosine, "constant": Constant}


class Trainer:
    def __init__(self, model, cfg):
        self.model = model
        self.scheduler = SCHEDULERS[cfg["schedule"]](cfg["lr"], cfg["warmup"], cfg["max_steps"])
        self.cfg = cfg

    def fit(self, x, y):
        graphdef, state = nnx.split(self.model)
        start = self.scheduler.count.value

        def loss_fn(state):
            return jnp.mean((nnx.merge(graphdef, state)(x) - y) ** 2)

        def cond(carry):
            i, _, loss = carry
            return (i < self.cfg["max_steps"]) & (loss > self.cfg["tol"])

        def body(carry):
            i, state, _ = carry
            loss, grads = jax.value_and_grad(loss_fn)(state)
            lr = self.scheduler.lr_at(start + i)
            state = jax.tree.map(lambda p, g: p - lr * g, state, grads)
            return i + 1, state, loss

        steps, state, _ = lax.while_loop(cond, body, (0, state, jnp.array(jnp.inf)))
        nnx.update(self.model, state)
        self.scheduler.count.value = start + steps


def main():
    cfg = {"schedule": "warmup_cosine", "lr": 0.1, "warmup": 3, "max_steps": 20, "tol": 1e-3}
    model = nnx.Linear(3, 1, rngs=nnx.Rngs(0))
    x = jax.random.normal(jax.random.key(1), (32, 3))
    y = x @ jnp.array([[1.0], [-2.0], [0.5]])
    Trainer(model, cfg).fit(x, y)
    return None

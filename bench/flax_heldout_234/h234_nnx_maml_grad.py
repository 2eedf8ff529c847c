# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 3 the Reptile learner keeps the fast-weight model as self.fast; the fori_loop body takes nnx.value_and_grad of it and updates it in place
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class SineRegressor(nnx.Module):
    def __init__(self, hidden: int, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(1, hidden, rngs=rngs)
        self.l2 = nnx.Linear(hidden, hidden, rngs=rngs)
        self.out = nnx.Linear(hidden, 1, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.relu(self.l2(nnx.relu(self.l1(x)))))


def mse(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


def sine_task(key, n=10):
    ka, kp, kx = jax.random.split(key, 3)
    amp = jax.random.uniform(ka, minval=0.1, maxval=5.0)
    phase = jax.random.uniform(kp, maxval=jnp.pi)
    x = jax.random.uniform(kx, (n, 1), minval=-5.0, maxval=5.0)
    return x, amp * jnp.sin(x + phase)


class Reptile:
    def __init__(self, model, inner_lr=0.02, inner_steps=4, meta_lr=0.1):
        self.model = model
        self.inner_lr = inner_lr
        self.inner_steps = inner_steps
        self.meta_lr = meta_lr

    def adapt(self, x, y):
        self.fast = nnx.clone(self.model)

        def inner_step(step, last_loss):
            loss, grads = nnx.value_and_grad(mse)(self.fast, x, y)
            params = nnx.state(self.fast, nnx.Param)
            nnx.update(self.fast, jax.tree.map(lambda p, g: p - self.inner_lr * g, params, grads))
            return loss

        return lax.fori_loop(0, self.inner_steps, inner_step, jnp.array(0.0))

    def meta_update(self):
        meta = nnx.state(self.model, nnx.Param)
        fast = nnx.state(self.fast, nnx.Param)
        nnx.update(self.model, jax.tree.map(lambda m, f: m + self.meta_lr * (f - m), meta, fast))


def main():
    learner = Reptile(SineRegressor(16, nnx.Rngs(0)))
    for t in range(2):
        x, y = sine_task(jax.random.key(t))
        learner.adapt(x, y)
        learner.meta_update()
    jax.block_until_ready(nnx.state(learner.model))
    return None

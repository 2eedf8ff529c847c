# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the scan body calls ema_update(trainer), which writes trainer.teacher's Params from trainer.student (two objects deep)
"""BYOL/DINO-style EMA teacher in NNX; student steps and teacher EMA inside one lax.scan."""
import jax
import jax.numpy as jnp
from flax import nnx


class Encoder(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(8, 32, rngs=rngs)
        self.l2 = nnx.Linear(32, 16, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))


class Trainer:
    def __init__(self, decay=0.99):
        self.student = Encoder(nnx.Rngs(0))
        self.teacher = Encoder(nnx.Rngs(1))
        self.decay = decay


def ema_update(trainer):
    t_state = nnx.state(trainer.teacher, nnx.Param)
    s_state = nnx.state(trainer.student, nnx.Param)
    new = jax.tree.map(lambda t, s: trainer.decay * t + (1 - trainer.decay) * s, t_state, s_state)
    nnx.update(trainer.teacher, new)


def train(trainer, views_a, views_b, lr=0.05):
    def step(carry, views):
        a, b = views
        target = jax.lax.stop_gradient(trainer.teacher(b))

        def loss_fn(student):
            return jnp.mean((student(a) - target) ** 2)

        graphdef, params = nnx.split(trainer.student, nnx.Param)
        grads = jax.grad(lambda p: loss_fn(nnx.merge(graphdef, p)))(params)
        nnx.update(trainer.student, jax.tree.map(lambda p, g: p - lr * g, params, grads))
        ema_update(trainer)
        return carry, None

    jax.lax.scan(step, None, (views_a, views_b))


def main():
    trainer = Trainer()
    x = jax.random.normal(jax.random.PRNGKey(0), (10, 4, 8))
    train(trainer, x, x + 0.1)
    return None

# label: ok
# flax-error: none
# class: 4 trainer.student's and trainer.teacher's Param states travel through the scan carry and are written back with nnx.update after the loop
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


def ema_update(decay, t_state, s_state):
    return jax.tree.map(lambda t, s: decay * t + (1 - decay) * s, t_state, s_state)


def train(trainer, views_a, views_b, lr=0.05):
    s_graph, s_params = nnx.split(trainer.student, nnx.Param)
    t_graph, t_params = nnx.split(trainer.teacher, nnx.Param)

    def step(carry, views):
        s_params, t_params = carry
        a, b = views
        target = jax.lax.stop_gradient(nnx.merge(t_graph, t_params)(b))

        def loss_fn(p):
            return jnp.mean((nnx.merge(s_graph, p)(a) - target) ** 2)

        grads = jax.grad(loss_fn)(s_params)
        s_params = jax.tree.map(lambda p, g: p - lr * g, s_params, grads)
        t_params = ema_update(trainer.decay, t_params, s_params)
        return (s_params, t_params), None

    (s_params, t_params), _ = jax.lax.scan(step, (s_params, t_params), (views_a, views_b))
    nnx.update(trainer.student, s_params)
    nnx.update(trainer.teacher, t_params)


def main():
    trainer = Trainer()
    x = jax.random.normal(jax.random.PRNGKey(0), (10, 4, 8))
    train(trainer, x, x + 0.1)
    return None

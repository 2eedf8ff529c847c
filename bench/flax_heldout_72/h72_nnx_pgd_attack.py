# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 32 (128 B)
# class: 3 outer NNX model passed as an argument to nnx.grad inside a raw lax.fori_loop PGD body
"""Adversarial training in NNX: PGD attack loop with lax.fori_loop and nnx.grad w.r.t. the input."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax import lax


class Classifier(nnx.Module):
    def __init__(self, rngs):
        self.fc1 = nnx.Linear(10, 32, rngs=rngs)
        self.fc2 = nnx.Linear(32, 2, rngs=rngs)

    def __call__(self, x):
        return self.fc2(nnx.gelu(self.fc1(x)))


def attack_loss(model, x, y):
    return optax.softmax_cross_entropy_with_integer_labels(model(x), y).mean()


def pgd(model, x, y, eps=0.05, alpha=0.01, steps=7):
    def step(_, x_adv):
        g = nnx.grad(attack_loss, argnums=1)(model, x_adv, y)
        x_adv = x_adv + alpha * jnp.sign(g)
        return jnp.clip(x_adv, x - eps, x + eps)

    return lax.fori_loop(0, steps, step, x)


def main():
    model = Classifier(nnx.Rngs(0))
    model.eval()
    x = jnp.ones((4, 10))
    y = jnp.array([0, 1, 1, 0])
    x_adv = pgd(model, x, y)
    return None

# label: ok
# flax-error: none
# class: 3 eval-mode NNX model only read through a closure under jax.grad inside a raw lax.fori_loop PGD body
"""Adversarial training in NNX: PGD with lax.fori_loop, the model captured by a closure under jax.grad."""
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


def pgd(model, x, y, eps=0.05, alpha=0.01, steps=7):
    def attack_loss(x_adv):
        return optax.softmax_cross_entropy_with_integer_labels(model(x_adv), y).mean()

    def step(_, x_adv):
        g = jax.grad(attack_loss)(x_adv)
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

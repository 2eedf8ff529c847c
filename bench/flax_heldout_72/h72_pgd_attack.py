# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 model.apply(train=True) on a BatchNorm model inside jax.grad inside a raw fori_loop PGD attack, collections immutable
"""Adversarial training: PGD inner loop with lax.fori_loop, attacking the model in train mode."""
import jax
import jax.numpy as jnp
import optax
from flax import linen as nn

lax = jax.lax


class Net(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool = True):
        x = nn.Dense(32)(x)
        x = nn.BatchNorm(use_running_average=not train)(x)
        return nn.Dense(3)(nn.relu(x))


def pgd(model, variables, x, y, eps=0.1, alpha=0.02, steps=5):
    def loss(x_adv):
        logits = model.apply(variables, x_adv, train=True)
        return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()

    def step(_, x_adv):
        g = jax.grad(loss)(x_adv)
        x_adv = x_adv + alpha * jnp.sign(g)
        return x + jnp.clip(x_adv - x, -eps, eps)

    return lax.fori_loop(0, steps, step, x)


def main():
    model = Net()
    x = jnp.ones((4, 6))
    y = jnp.array([0, 1, 2, 0])
    variables = model.init(jax.random.key(0), x, train=False)
    x_adv = pgd(model, variables, x, y)
    return None

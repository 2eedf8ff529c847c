# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/ScoreBlock_0/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 a helper the scan body calls runs `model.apply(variables, x)` without `mutable` on a score net whose nested BatchNorm trains by default (`train=True`)
import jax
import jax.numpy as jnp
import flax.linen as nn


class ScoreBlock(nn.Module):
    @nn.compact
    def __call__(self, h, train: bool):
        return nn.elu(nn.BatchNorm(use_running_average=not train)(nn.Dense(8)(h)))


class ScoreNet(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool = True):
        return nn.Dense(2)(ScoreBlock()(x, train))


def langevin_step(model, variables, x, step_size):
    return x + step_size * model.apply(variables, x)


def sample(model, variables, x0):
    def body(x, _):
        x = langevin_step(model, variables, x, 0.01)
        return x, x
    return jax.lax.scan(body, x0, None, length=5)[1]


def main():
    model = ScoreNet()
    x0 = jnp.ones((4, 2))
    variables = model.init(jax.random.key(0), x0)
    xs = sample(model, variables, x0)
    jax.tree.map(lambda a: a + 0, xs)

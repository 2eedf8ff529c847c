# label: ok
# flax-error: none
# class: 4 fit_step(model, ...) -> rollout_error(model, ..., train=False) hands a lambda over model.apply(train=train) to the module-level march() that scans it; the blocks' BatchNorm reads its statistics
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


def march(f, x0, n):
    def _step(x, _):
        x = f(x)
        return x, x
    return scan(_step, x0, None, length=n)[1]


class Block(nn.Module):
    @nn.compact
    def __call__(self, x, train):
        return x + nn.BatchNorm(use_running_average=not train, momentum=0.9)(nn.Dense(x.shape[-1])(x))


class HeatSurrogate(nn.Module):
    @nn.compact
    def __call__(self, u, train=False):
        for _ in range(2):
            u = Block()(u, train)
        return u


def rollout_error(model, variables, u0, target, train):
    traj = march(lambda u: model.apply(variables, u, train=train), u0, target.shape[0])
    return jnp.mean((traj - target) ** 2)


def fit_step(model, variables, u0, target):
    def loss_fn(params):
        return rollout_error(model, {**variables, "params": params}, u0, target, train=False)
    return jax.grad(loss_fn)(variables["params"])


def main():
    u0 = jnp.sin(jnp.linspace(0.0, 3.0, 8))[None]
    target = jnp.stack([u0 * 0.9 ** (k + 1) for k in range(3)])
    model = HeatSurrogate()
    variables = model.init(jax.random.key(0), u0)
    fit_step(model, variables, u0, target)
    return None

# label: ok
# flax-error: none
# class: 2 MAML inner loop: raw fori_loop takes SGD steps on a params pytree with jax.grad of model.apply
import jax
import jax.numpy as jnp
from jax.lax import fori_loop
from flax import linen as nn


class Regressor(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dense(1)(nn.relu(nn.Dense(40)(x)))


def adapt(model, params, xs, ys, inner_lr=0.01, inner_steps=5):
    def task_loss(p):
        return jnp.mean((model.apply(p, xs) - ys) ** 2)

    def sgd(_, p):
        g = jax.grad(task_loss)(p)
        return jax.tree.map(lambda w, gw: w - inner_lr * gw, p, g)

    return fori_loop(0, inner_steps, sgd, params)


def main():
    model = Regressor()
    xs = jnp.linspace(-3, 3, 20)[:, None]
    ys = jnp.sin(xs)
    meta_params = model.init(jax.random.PRNGKey(0), xs)
    meta_grad = jax.grad(lambda p: jnp.mean((model.apply(adapt(model, p, xs, ys), xs) - ys) ** 2))(meta_params)
    jax.tree.leaves(meta_grad)[0].block_until_ready()
    return None

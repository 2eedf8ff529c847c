# label: ok
# flax-error: none
# class: 2 the dropout key is a local of train(); the fori_loop body folds the step index into it before apply(rngs=)
"""A small regression MLP trained with dropout in a jax.lax.fori_loop.

Twin of h196_dropout_fori: the body derives its dropout key with fold_in(dropout_key, i).
"""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import fori_loop


class MLP(nn.Module):
    hidden: int = 16
    rate: float = 0.5

    @nn.compact
    def __call__(self, x, train: bool = True):
        h = jnp.tanh(nn.Dense(self.hidden)(x))
        h = nn.Dropout(self.rate, deterministic=not train)(h)
        return nn.Dense(1)(h), h != 0


def train(model, params, x, y, key, steps=5, lr=0.05):
    dropout_key = jax.random.fold_in(key, 0)
    masks = jnp.zeros((steps, x.shape[0], model.hidden), dtype=bool)

    def loss_fn(params, step_key):
        pred, kept = model.apply(params, x, train=True, rngs={'dropout': step_key})
        return jnp.mean((pred - y) ** 2), kept

    def body(i, carry):
        params, masks = carry
        step_key = jax.random.fold_in(dropout_key, i)
        (loss, kept), grads = jax.value_and_grad(loss_fn, has_aux=True)(params, step_key)
        params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
        return params, masks.at[i].set(kept)

    params, masks = fori_loop(0, steps, body, (params, masks))
    return params, masks


def main():
    model = MLP()
    x = jax.random.normal(jax.random.key(0), (8, 4))
    y = jnp.sum(x, axis=-1, keepdims=True)
    params = model.init(jax.random.key(1), x, train=False)
    params, masks = train(model, params, x, y, jax.random.key(2))
    return masks


if __name__ == "__main__":
    print(main()[:, 0].astype(int))

# label: same-values
# flax-error: none
# class: 2 the dropout key is a local of train() that the fori_loop body passes to apply(rngs=) at every step
"""A small regression MLP trained with dropout in a jax.lax.fori_loop.

Modelled on "dropout mask never changes during training" questions; the model also returns which
hidden units survived dropout so the masks can be inspected.
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

    def loss_fn(params):
        pred, kept = model.apply(params, x, train=True, rngs={'dropout': dropout_key})
        return jnp.mean((pred - y) ** 2), kept

    def body(i, carry):
        params, masks = carry
        (loss, kept), grads = jax.value_and_grad(loss_fn, has_aux=True)(params)
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

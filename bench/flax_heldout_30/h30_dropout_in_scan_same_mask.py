# label: same-values
# flax-error: none
# class: 1 nn.Dropout is created and called inside the raw jax.lax.scan body, drawing from the 'dropout' stream once at trace time
import jax
import jax.numpy as jnp
from flax import linen


class NoisyRecurrence(linen.Module):
    features: int = 6
    rate: float = 0.5

    @linen.compact
    def __call__(self, xs, train: bool = True):
        proj = linen.Dense(self.features)
        h0 = jnp.zeros((xs.shape[1], self.features))
        proj(h0)

        def body(h, x):
            h = jnp.tanh(proj(h) + x)
            h = linen.Dropout(rate=self.rate, deterministic=not train)(h)
            return h, h

        _, hs = jax.lax.scan(body, h0, xs)
        return hs


def dropout_masks(model, variables, xs, key):
    hs = model.apply(variables, xs, train=True, rngs={"dropout": key})
    return (hs != 0).astype(jnp.float32)


def main():
    model = NoisyRecurrence()
    xs = jnp.ones((5, 2, 6))
    variables = model.init(jax.random.key(0), xs, train=False)
    masks = dropout_masks(model, variables, xs, jax.random.key(42))
    print("kept fraction per step", masks.mean(axis=(1, 2)))
    return masks

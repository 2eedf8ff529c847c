# label: ok
# flax-error: none
# class: 2 the 'dropout' stream is drawn once before the raw jax.lax.scan and folded with the step index inside the body, passed to nn.Dropout(rng=)
import jax
import jax.numpy as jnp
from flax import linen


class NoisyRecurrence(linen.Module):
    features: int = 6
    rate: float = 0.5

    @linen.compact
    def __call__(self, xs, train: bool = True):
        proj = linen.Dense(self.features)
        drop = linen.Dropout(rate=self.rate, deterministic=not train)
        h0 = jnp.zeros((xs.shape[1], self.features))
        proj(h0)
        base = self.make_rng("dropout") if train else None

        def body(h, inp):
            i, x = inp
            h = jnp.tanh(proj(h) + x)
            rng = jax.random.fold_in(base, i) if train else None
            h = drop(h, rng=rng)
            return h, h

        _, hs = jax.lax.scan(body, h0, (jnp.arange(xs.shape[0]), xs))
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

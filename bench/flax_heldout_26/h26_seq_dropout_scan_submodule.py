# label: same-values
# flax-error: none
# class: 2 nn.Dropout submodule (drawing from the 'dropout' stream) called inside the raw lax.scan body
# modelled on: Flax scan split_rng does not work when called in functional form (google/flax#4950)
"""Per-timestep dropout on a sequence, written with a plain jax.lax.scan."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class StepDropout(nn.Module):
    rate: float = 0.5

    @nn.compact
    def __call__(self, xs, train: bool = True):
        drop = nn.Dropout(self.rate, deterministic=not train)
        proj = nn.Dense(xs.shape[-1])
        h = proj(xs)

        def body(carry, x_t):
            y_t = drop(x_t)
            return carry + y_t.sum(), y_t

        total, ys = jax.lax.scan(body, jnp.zeros(()), h)
        return ys, total


def main():
    xs = jnp.ones((5, 8))
    model = StepDropout()
    variables = model.init({"params": jax.random.key(0)}, xs, train=False)
    ys, total = model.apply(variables, xs, train=True,
                            rngs={"dropout": jax.random.key(1)})
    # which units were kept at each timestep
    masks = (ys != 0).astype(jnp.int32)
    assert masks.shape == (5, 8)
    return masks

# label: same-values
# flax-error: none
# class: 2 setup Dropout (deterministic=False) applied to each timestep in a raw lax.scan; masks returned per step
import jax
import jax.numpy as jnp
import flax.linen as nn


class TimestepDropoutEncoder(nn.Module):
    rate: float = 0.5

    def setup(self):
        self.proj = nn.Dense(8)
        self.drop = nn.Dropout(self.rate, deterministic=False)

    def __call__(self, xs):
        h = self.proj(xs)

        def step(carry, h_t):
            d = self.drop(jnp.ones_like(h_t))
            carry = 0.9 * carry + 0.1 * h_t * d
            return carry, d

        final, masks = jax.lax.scan(step, jnp.zeros_like(h[0]), h)
        return final, masks


def main():
    xs = jnp.ones((6, 2, 4))
    model = TimestepDropoutEncoder()
    params = model.init({"params": jax.random.PRNGKey(0), "dropout": jax.random.PRNGKey(1)}, xs)
    _, masks = model.apply(params, xs, rngs={"dropout": jax.random.PRNGKey(2)})
    return masks

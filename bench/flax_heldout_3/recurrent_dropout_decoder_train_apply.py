# label: same-values
# flax-error: none
# class: 2 input dropout on every decoder step inside a raw scan, train-mode apply
"""Shape from flax issue #1252 / #2918 (Dropout used repeatedly in a loop) but with jax.lax.scan:
the per-step dropout mask is what the program returns."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class DropoutDecoder(nn.Module):
    hidden: int = 8
    rate: float = 0.5

    def setup(self):
        self.cell = nn.LSTMCell(self.hidden)
        self.drop = nn.Dropout(self.rate)

    def __call__(self, xs, train: bool):
        carry = self.cell.initialize_carry(jax.random.PRNGKey(0), xs[0].shape)
        carry, _ = self.cell(carry, xs[0])  # build the cell outside the loop

        def step(carry, x):
            kept = self.drop(jnp.ones_like(x), deterministic=not train)
            carry, y = self.cell(carry, x * kept)
            return carry, kept

        _, masks = jax.lax.scan(step, carry, xs)
        return masks


def main():
    model = DropoutDecoder()
    xs = jnp.ones((5, 2, 6))
    variables = model.init(jax.random.PRNGKey(0), xs, train=False)
    masks = model.apply(variables, xs, train=True, rngs={"dropout": jax.random.PRNGKey(3)})
    return masks

# label: ok
# flax-error: none
# class: 2 OptimizedLSTMCell from setup called once on the first frame, then self.cell in the lax.scan body
import jax
import jax.numpy as jnp
from flax import linen
from jax import lax


class SequenceEncoder(linen.Module):
    hidden: int = 32
    num_classes: int = 4

    def setup(self):
        self.cell = linen.OptimizedLSTMCell(self.hidden)
        self.readout = linen.Dense(self.num_classes)

    def __call__(self, frames):
        carry = self.cell.initialize_carry(jax.random.key(0), frames[0].shape)
        # the first frame runs outside the loop so the cell parameters exist before scanning
        carry, _ = self.cell(carry, frames[0])

        def step(carry, frame):
            carry, h = self.cell(carry, frame)
            return carry, h

        carry, hs = lax.scan(step, carry, frames[1:])
        return self.readout(hs[-1])


def main():
    model = SequenceEncoder()
    frames = jax.random.normal(jax.random.key(1), (10, 2, 8))
    variables = model.init(jax.random.key(0), frames)
    logits = model.apply(variables, frames)
    jax.tree.map(lambda a: a + 0, variables)
    assert logits.shape == (2, 4)
    return None

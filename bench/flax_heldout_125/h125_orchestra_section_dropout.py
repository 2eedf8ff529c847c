# label: same-values
# flax-error: none
# class: 1 SectionCallUp.__call__ runs the scan itself and its nn.Dropout draws the dropout rng stream inside the body
"""Orchestra rehearsal planning: for each rehearsal block, randomly release some sections so
players get rest, weighted by a learned balance of the sections.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


class SectionCallUp(nn.Module):
    n_sections: int = 5
    release_rate: float = 0.4

    @nn.compact
    def __call__(self, blocks):
        balance = nn.softmax(nn.Dense(self.n_sections, name="balance")(blocks.mean(axis=0)))
        release = nn.Dropout(self.release_rate, deterministic=False)

        def call_up(minutes, block):
            called = release(jnp.ones((self.n_sections,))) * (1.0 - self.release_rate)
            return minutes + called * block.sum(), called * balance

        _, per_block = scan(call_up, jnp.zeros((self.n_sections,)), blocks)
        return per_block


class RehearsalRota:
    def __init__(self, model, params):
        self.model = model
        self.params = params

    def draft(self, blocks, seed):
        return self.model.apply({"params": self.params}, blocks, rngs={"dropout": jax.random.key(seed)})


def main():
    blocks = jax.random.uniform(jax.random.key(0), (6, 3))
    model = SectionCallUp()
    variables = model.init({"params": jax.random.key(1), "dropout": jax.random.key(2)}, blocks)
    rota = RehearsalRota(model, variables["params"])
    return rota.draft(blocks, seed=3)

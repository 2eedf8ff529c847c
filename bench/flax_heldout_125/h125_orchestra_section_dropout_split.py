# label: ok
# flax-error: none
# class: 1 SectionCallUp.__call__ runs the scan itself; the dropout rng is split into one key per block before the loop and each key enters the body as scan xs
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
        keys = jax.random.split(self.make_rng("dropout"), blocks.shape[0])

        def call_up(minutes, block_and_key):
            block, key = block_and_key
            called = release(jnp.ones((self.n_sections,)), rng=key) * (1.0 - self.release_rate)
            return minutes + called * block.sum(), called * balance

        _, per_block = scan(call_up, jnp.zeros((self.n_sections,)), (blocks, keys))
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

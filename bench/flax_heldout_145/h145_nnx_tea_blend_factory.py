# label: same-values
# flax-error: none
# class: 5 make_blend_step returns a step function closing over the model and one dropout key; the scan body calls model(..., rngs=key)
"""Tea blending: propose stochastic blend variants around a house recipe.

The blender is kept in train() mode so its dropout layer perturbs the recipe; a factory
builds the step function the proposal loop scans.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class Blender(nnx.Module):
    def __init__(self, leaves: int, rngs: nnx.Rngs):
        self.mix = nnx.Linear(leaves, 16, rngs=rngs)
        self.drop = nnx.Dropout(0.35)
        self.out = nnx.Linear(16, leaves, rngs=rngs)

    def __call__(self, recipe, *, rngs=None):
        h = self.drop(nnx.relu(self.mix(recipe)), rngs=rngs)
        return nnx.softmax(self.out(h))


def make_blend_step(model: Blender, key):
    def step(recipe, _):
        proposal = model(recipe, rngs=key)
        return recipe, proposal
    return step


class ProposalLoop:
    def __init__(self, step_fn, proposals: int):
        self.step_fn = step_fn
        self.proposals = proposals

    def run(self, recipe):
        _, blends = lax.scan(self.step_fn, recipe, None, length=self.proposals)
        return blends


def main():
    blender = Blender(6, nnx.Rngs(0))
    blender.train()
    house = jnp.array([0.4, 0.2, 0.15, 0.1, 0.1, 0.05])
    step = make_blend_step(blender, jax.random.key(21))
    blends = ProposalLoop(step, proposals=5).run(house)
    print("blend spread", float(jnp.std(blends, axis=0).mean()))
    return blends

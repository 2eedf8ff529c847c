# label: ok
# flax-error: none
# class: 1 DraftSampler.sample_steps runs the while_loop itself; self.rngs.draft() is split into per-step keys before the loop
"""Station draft sampler for subway ventilation planning.

Platform draft is sampled around a measured baseline; the planner draws several samples per
station and needs them to differ step to step."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class DraftSampler(nnx.Module):
    def __init__(self, shafts: int, rngs: nnx.Rngs, spread: float = 0.2):
        self.rngs = rngs
        self.spread = spread
        self.proj = nnx.Linear(shafts, shafts, rngs=rngs)

    def sample_steps(self, baseline, steps: int):
        def cond(carry):
            return carry[0] < steps

        keys = jax.random.split(self.rngs.draft(), steps)

        def body(carry):
            i, buf = carry
            noise = jax.random.normal(keys[i], baseline.shape)
            draft = self.proj(baseline + self.spread * noise)
            return i + 1, buf.at[i].set(draft)

        init = (0, jnp.zeros((steps,) + baseline.shape))
        _, drafts = lax.while_loop(cond, body, init)
        return drafts


def main():
    sampler = DraftSampler(4, nnx.Rngs(params=0, draft=7))
    baseline = jnp.array([1.2, 0.4, -0.3, 0.9])
    return sampler.sample_steps(baseline, 5)

# label: ok
# flax-error: none
# class: 3 the sampler's self.noise_key attribute, drawn once from its nnx.Rngs "noise" stream, has the step index folded in by the fori_loop body
"""Classifier-free guided Langevin sampling with a label-conditioned score network."""
import jax
import jax.numpy as jnp
from flax import nnx


class ScoreNet(nnx.Module):
    def __init__(self, dim: int, num_classes: int, *, rngs: nnx.Rngs):
        self.num_classes = num_classes
        self.embed = nnx.Embed(num_classes + 1, 12, rngs=rngs)
        self.l1 = nnx.Linear(dim, 12, rngs=rngs)
        self.l2 = nnx.Linear(12, dim, rngs=rngs)

    def __call__(self, x, labels):
        return self.l2(nnx.swish(self.l1(x) + self.embed(labels)))


class GuidedLangevinSampler:
    def __init__(self, score_net: ScoreNet, guidance: float, step_size: float, rngs: nnx.Rngs):
        self.score_net = score_net
        self.guidance = guidance
        self.step_size = step_size
        self.noise_key = rngs.noise()

    def guided_score(self, x, labels):
        uncond = self.score_net(x, jnp.full_like(labels, self.score_net.num_classes))
        cond = self.score_net(x, labels)
        return uncond + self.guidance * (cond - uncond)

    def sample(self, x, labels, num_steps: int):
        def body(i, carry):
            x, noises = carry
            z = jax.random.normal(jax.random.fold_in(self.noise_key, i), x.shape)
            x = x + self.step_size * self.guided_score(x, labels) + jnp.sqrt(2 * self.step_size) * z
            return x, noises.at[i].set(z)

        init = (x, jnp.zeros((num_steps,) + x.shape))
        return jax.lax.fori_loop(0, num_steps, body, init)


def main():
    score_net = ScoreNet(3, 4, rngs=nnx.Rngs(0))
    sampler = GuidedLangevinSampler(score_net, guidance=1.5, step_size=0.05, rngs=nnx.Rngs(noise=11))
    labels = jnp.array([0, 3])
    x, noises = sampler.sample(jnp.zeros((2, 3)), labels, num_steps=5)
    return noises

# label: same-values
# flax-error: none
# class: 4 the scan body calls stage.corrupt, which calls sampler.sample, which draws from make_rng('augment')
"""Noise augmentation for speech-enhancement training: copies of a clean frame are corrupted and encoded."""

import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax

N_BINS = 8


class NoiseSampler(nn.Module):
    level: float = 0.1

    def sample(self, shape):
        return self.level * jax.random.normal(self.make_rng("augment"), shape)


class AugmentStage(nn.Module):
    def setup(self):
        self.sampler = NoiseSampler()

    def corrupt(self, frame):
        return frame + self.sampler.sample(frame.shape)


class AugmentPipeline(nn.Module):
    n_features: int = 4

    def setup(self):
        self.stage = AugmentStage()
        self.encoder = nn.Dense(self.n_features)

    def encode(self, frame):
        return self.encoder(frame)

    def __call__(self, clean, n_copies: int):
        copies = jnp.broadcast_to(clean, (n_copies,) + clean.shape)

        def corrupt_and_encode(_, frame):
            return None, self.encoder(self.stage.corrupt(frame))

        _, features = lax.scan(corrupt_and_encode, None, copies)
        return features


class AugmentedBatchBuilder:
    def __init__(self, pipeline, variables, seed=5):
        self.pipeline = pipeline
        self.variables = variables
        self.seed = seed

    def build(self, clean, n_copies=4):
        rngs = {"augment": jax.random.key(self.seed)}
        return self.pipeline.apply(self.variables, clean, n_copies, rngs=rngs)


def main():
    clean = jnp.abs(jnp.sin(jnp.arange(N_BINS, dtype=jnp.float32)))
    pipeline = AugmentPipeline()
    variables = pipeline.init(jax.random.key(0), clean, method=AugmentPipeline.encode)
    return AugmentedBatchBuilder(pipeline, variables).build(clean)

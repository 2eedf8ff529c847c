# label: same-values
# flax-error: none
# class: 5 make_augment_fn returns a closure over the policy's apply and one 'augment' key; the scan body calls that closure every batch, so the noise key never changes
"""Factory that builds a jitted-style augmentation function from a learned noise policy."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn


class NoisePolicy(nn.Module):
    dim: int = 6

    @nn.compact
    def __call__(self, x):
        scale = nn.softplus(self.param("log_scale", nn.initializers.zeros, (self.dim,)))
        return scale * jax.random.normal(self.make_rng("augment"), x.shape)


@dataclasses.dataclass(frozen=True)
class AugConfig:
    seed: int = 3
    batch: int = 8
    dim: int = 6
    steps: int = 5


def make_augment_fn(policy, policy_vars, cfg: AugConfig):
    key = jax.random.PRNGKey(cfg.seed)

    def augment(batch):
        return policy.apply(policy_vars, batch, rngs={"augment": key})

    return augment


def main():
    cfg = AugConfig()
    policy = NoisePolicy(dim=cfg.dim)
    sample = jnp.zeros((cfg.batch, cfg.dim))
    policy_vars = policy.init({"params": jax.random.PRNGKey(0), "augment": jax.random.PRNGKey(1)}, sample)
    augment = make_augment_fn(policy, policy_vars, cfg)
    data = jnp.ones((cfg.steps, cfg.batch, cfg.dim))

    def body(carry, batch):
        return carry, augment(batch)

    _, noise = jax.lax.scan(body, None, data)
    return noise

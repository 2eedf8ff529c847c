# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mag_ema" in "/" because collection "policy_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 an AugmentPipeline stores the learned policy module and its variables; the scan body calls policy.apply with fresh per-step keys but without mutable=['policy_stats']
"""Data-augmentation pipeline driven by a learned magnitude policy (AutoAugment-style)."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


class MagnitudePolicy(nn.Module):
    """Predicts a per-example augmentation magnitude and keeps an EMA of it."""

    momentum: float = 0.9

    @nn.compact
    def __call__(self, x):
        mag = nn.sigmoid(nn.Dense(1)(x.mean(axis=-1, keepdims=True)))
        ema = self.variable("policy_stats", "mag_ema", lambda: jnp.zeros((), jnp.float32))
        ema.value = self.momentum * ema.value + (1 - self.momentum) * mag.mean()
        noise = jax.random.normal(self.make_rng("augment"), x.shape)
        return x + mag * noise


@dataclasses.dataclass
class PipelineConfig:
    num_batches: int = 4
    batch: int = 8
    dim: int = 6
    seed: int = 0


class AugmentPipeline:
    def __init__(self, cfg: PipelineConfig):
        self.cfg = cfg
        self.policy = MagnitudePolicy()
        key = jax.random.PRNGKey(cfg.seed)
        self.policy_vars = self.policy.init({"params": key, "augment": key}, jnp.zeros((cfg.batch, cfg.dim)))

    def augment_epoch(self, data, key):
        keys = jax.random.split(key, data.shape[0])

        def body(carry, inputs):
            batch, k = inputs
            out = self.policy.apply(self.policy_vars, batch, rngs={"augment": k})
            return carry, out

        _, out = jax.lax.scan(body, None, (data, keys))
        return out


def main():
    cfg = PipelineConfig()
    pipe = AugmentPipeline(cfg)
    data = jnp.ones((cfg.num_batches, cfg.batch, cfg.dim))
    out = pipe.augment_epoch(data, jax.random.PRNGKey(7))
    print(out.shape)
    return None

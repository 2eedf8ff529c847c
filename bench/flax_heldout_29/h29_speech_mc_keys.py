# label: ok
# flax-error: none
# class: 4 factory-built scan body calls model.apply with a dropout key taken from the per-sample keys passed as xs
"""Speech enhancement: spectral mask estimator with Monte-Carlo dropout uncertainty."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class EnhancerConfig:
    freq_bins: int = 16
    hidden: int = 24
    dropout: float = 0.3
    mc_samples: int = 4


class MaskEstimator(nn.Module):
    cfg: EnhancerConfig

    @nn.compact
    def __call__(self, log_spec, deterministic: bool):
        h = nn.Dense(self.cfg.hidden)(log_spec)
        h = nn.relu(h)
        h = nn.Dropout(self.cfg.dropout)(h, deterministic=deterministic)
        return nn.sigmoid(nn.Dense(self.cfg.freq_bins)(h))


class Enhancer(nn.Module):
    cfg: EnhancerConfig

    def setup(self):
        self.mask_net = MaskEstimator(self.cfg)

    def mask(self, spec, deterministic: bool = True):
        log_spec = jnp.log1p(jnp.abs(spec))
        return self.mask_net(log_spec, deterministic)

    def __call__(self, spec, deterministic: bool = True):
        return spec * self.mask(spec, deterministic)


def make_mc_estimator(model, variables, num_samples):
    def estimate(spec, key):
        def body(carry, sample_key):
            m = model.apply(variables, spec, False, method=Enhancer.mask,
                            rngs={"dropout": sample_key})
            return carry, m

        _, masks = jax.lax.scan(body, None, jax.random.split(key, num_samples))
        return masks

    return estimate


def main():
    cfg = EnhancerConfig()
    model = Enhancer(cfg)
    noisy = jnp.abs(jax.random.normal(jax.random.key(0), (5, cfg.freq_bins)))
    variables = model.init(jax.random.key(1), noisy)
    masks = make_mc_estimator(model, variables, cfg.mc_samples)(noisy, jax.random.key(2))
    uncertainty = masks.std(axis=0).mean()
    print("mask uncertainty", float(uncertainty))
    return masks

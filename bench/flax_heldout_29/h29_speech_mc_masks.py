# label: same-values
# flax-error: none
# class: 3 mc_masks method scans samples and a helper calls the mask estimator whose nn.Dropout draws from the dropout stream in the body
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

    def _mask(self, spec, deterministic):
        log_spec = jnp.log1p(jnp.abs(spec))
        return self.mask_net(log_spec, deterministic)

    def __call__(self, spec, deterministic: bool = True):
        return spec * self._mask(spec, deterministic)

    def mc_masks(self, spec):
        def body(carry, _):
            return carry, self._mask(spec, deterministic=False)

        _, masks = jax.lax.scan(body, None, None, length=self.cfg.mc_samples)
        return masks


def main():
    cfg = EnhancerConfig()
    model = Enhancer(cfg)
    noisy = jnp.abs(jax.random.normal(jax.random.key(0), (5, cfg.freq_bins)))
    variables = model.init(jax.random.key(1), noisy)
    masks = model.apply(variables, noisy, method=Enhancer.mc_masks,
                        rngs={"dropout": jax.random.key(2)})
    uncertainty = masks.std(axis=0).mean()
    print("mask uncertainty", float(uncertainty))
    return masks

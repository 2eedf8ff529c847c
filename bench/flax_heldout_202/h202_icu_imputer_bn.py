# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 trainer -> VitalsModelHandle -> module.apply(handle.variables) with train-mode BatchNorm, called in the scan body without mutable
"""Clinical time-series imputation: a gap-filling network sweeps hourly ICU vitals and
reconstructs masked measurements (heart rate, SpO2, MAP, respiration)."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class ImputerConfig:
    n_vitals: int = 4
    hidden: int = 24
    bn_momentum: float = 0.95


class GapFiller(nn.Module):
    cfg: ImputerConfig

    @nn.compact
    def __call__(self, vitals, observed, train: bool = True):
        h = nn.Dense(self.cfg.hidden)(jnp.concatenate([vitals * observed, observed], -1))
        h = nn.BatchNorm(use_running_average=not train, momentum=self.cfg.bn_momentum)(h)
        h = nn.gelu(h)
        return nn.Dense(self.cfg.n_vitals)(h)


class VitalsModelHandle:
    """Keeps the module and its variables together for the pipeline stages."""

    def __init__(self, module: GapFiller, variables):
        self.module = module
        self.variables = variables

    def reconstruct(self, vitals, observed):
        return self.module.apply(self.variables, vitals, observed)


class ImputationTrainer:
    def __init__(self, handle: VitalsModelHandle):
        self.handle = handle

    def sweep(self, hourly_vitals, hourly_masks):
        def hour(total_err, inputs):
            vitals, observed = inputs
            guess = self.handle.reconstruct(vitals, observed)
            err = jnp.sum(((guess - vitals) * observed) ** 2)
            return total_err + err, jnp.where(observed > 0, vitals, guess)

        return jax.lax.scan(hour, jnp.zeros(()), (hourly_vitals, hourly_masks))


def main():
    cfg = ImputerConfig()
    k_data, k_mask, k_init = jax.random.split(jax.random.key(3), 3)
    vitals = jax.random.normal(k_data, (12, 16, cfg.n_vitals))
    masks = (jax.random.uniform(k_mask, vitals.shape) > 0.3).astype(jnp.float32)
    module = GapFiller(cfg)
    variables = module.init(k_init, vitals[0], masks[0])
    trainer = ImputationTrainer(VitalsModelHandle(module, variables))
    err, filled = trainer.sweep(vitals, masks)
    assert filled.shape == vitals.shape
    return None

# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 a model.bind(variables) held by a FlagSession taken from a FlaggingService's session pool, called in the while_loop body with adapt=True
"""Radio-interferometer RFI flagging service: iteratively masks channels until the block looks clean."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


@dataclasses.dataclass(frozen=True)
class FlaggerConfig:
    channels: int = 32
    features: int = 8
    pool_size: int = 2
    adapt: bool = True  # normalise with each block's own statistics
    threshold: float = 0.6
    max_passes: int = 6


class RfiScorer(nn.Module):
    features: int

    @nn.compact
    def __call__(self, spectra, adapt: bool = False):
        h = nn.Dense(self.features)(spectra[..., None])
        h = nn.BatchNorm(use_running_average=not adapt)(h)
        return nn.sigmoid(nn.Dense(1)(nn.relu(h)))[..., 0]


class FlagSession:
    def __init__(self, model, variables, adapt):
        self.bound = model.bind(variables)
        self.adapt = adapt

    def score(self, spectra):
        return self.bound(spectra, adapt=self.adapt)


class FlaggingService:
    def __init__(self, cfg: FlaggerConfig):
        self.cfg = cfg
        model = RfiScorer(cfg.features)
        variables = model.init(jax.random.key(0), jnp.zeros((4, cfg.channels)))
        self.pool = [FlagSession(model, variables, cfg.adapt) for _ in range(cfg.pool_size)]

    def session_for(self, antenna: int) -> FlagSession:
        return self.pool[antenna % len(self.pool)]

    def flag_block(self, antenna, spectra):
        session = self.session_for(antenna)

        def keep_going(state):
            passes, mask = state
            return (passes < self.cfg.max_passes) & (mask.mean() < 0.5)

        def one_pass(state):
            passes, mask = state
            scores = session.score(spectra * (1.0 - mask))
            return passes + 1, jnp.maximum(mask, (scores > self.cfg.threshold).astype(mask.dtype))

        return lax.while_loop(keep_going, one_pass, (0, jnp.zeros_like(spectra)))


def main():
    service = FlaggingService(FlaggerConfig())
    spectra = jnp.abs(jax.random.normal(jax.random.key(3), (4, service.cfg.channels)))
    passes, mask = service.flag_block(antenna=5, spectra=spectra)
    print("passes", int(passes), "flagged", float(mask.mean()))
    return None

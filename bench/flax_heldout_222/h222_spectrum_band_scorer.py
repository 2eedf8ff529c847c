# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 BandScorer.sweep runs the scan itself and sows each band's interference estimate into "intermediates" from inside the body
"""Radio spectrum allocation: score candidate bands for a licence request and keep the diagnostics."""

from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


@dataclass(frozen=True)
class AllocationRequest:
    licensee: str
    bands: int = 16
    features: int = 5
    max_interference: float = 0.6


class BandScorer(nn.Module):
    width: int = 24

    @nn.compact
    def __call__(self, band_features):
        h = nn.relu(nn.Dense(self.width, name="trunk")(band_features))
        return nn.sigmoid(nn.Dense(2, name="heads")(h))  # (suitability, interference)

    def sweep(self, bands):
        def body(best, band):
            suitability, interference = self(band)
            self.sow("intermediates", "interference", interference)
            return jnp.maximum(best, suitability * (1.0 - interference)), suitability

        return scan(body, jnp.zeros(()), bands)


@dataclass
class SpectrumAllocator:
    scorer: BandScorer
    variables: dict
    audit: list = field(default_factory=list)

    def allocate(self, request: AllocationRequest, bands):
        (best, suitability), state = self.scorer.apply(
            self.variables, bands, method=BandScorer.sweep, mutable=["intermediates"])
        interference = jnp.stack(state["intermediates"]["interference"])
        blocked = interference > request.max_interference
        self.audit.append((request.licensee, int(blocked.sum())))
        return int(jnp.argmax(jnp.where(blocked, -1.0, suitability)))


def main():
    request = AllocationRequest("regional-utility-telemetry")
    bands = jax.random.normal(jax.random.key(3), (request.bands, request.features))
    scorer = BandScorer()
    variables = scorer.init(jax.random.key(0), bands[0])
    SpectrumAllocator(scorer, variables).allocate(request, bands)
    return None

# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 TriageService.scorer.members[name] holds model.bind(..., mutable=["batch_stats"]); the scan body reaches it through two objects
"""Chest X-ray triage: an ensemble of small scorers ranks the worklist by urgency."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


class PatchScorer(nn.Module):
    width: int = 16

    @nn.compact
    def __call__(self, patches, train: bool = True):
        h = nn.Dense(self.width)(patches.reshape(patches.shape[0], -1))
        h = nn.BatchNorm(use_running_average=not train, momentum=0.9)(h)
        return nn.Dense(1)(nn.relu(h))[:, 0]


class EnsembleScorer:
    """One bound scorer per checkpoint; re-estimates normalisation on the site's scanners."""

    def __init__(self, checkpoints: dict):
        self.members = {
            name: PatchScorer().bind(variables, mutable=["batch_stats"])
            for name, variables in checkpoints.items()
        }

    def score(self, patches):
        logits = jnp.stack([m(patches) for m in self.members.values()])
        return jax.nn.sigmoid(logits).mean(axis=0)

    def export_stats(self):
        return {
            name: jnp.mean(m.variables["batch_stats"]["BatchNorm_0"]["mean"])
            for name, m in self.members.items()
        }


class TriageService:
    def __init__(self, scorer: EnsembleScorer):
        self.scorer = scorer

    def run_worklist(self, studies):
        def study(n_urgent, patches):
            urgency = self.scorer.score(patches)
            return n_urgent + jnp.sum(urgency > 0.5), urgency

        return scan(study, jnp.zeros((), jnp.int32), studies)


def load_checkpoints(sample, names=("site_a", "site_b", "site_c")):
    model = PatchScorer()
    return {n: model.init(jax.random.key(i), sample, train=False) for i, n in enumerate(names)}


def main():
    studies = jax.random.normal(jax.random.key(7), (5, 8, 4, 4))
    service = TriageService(EnsembleScorer(load_checkpoints(studies[0])))
    n_urgent, urgency = service.run_worklist(studies)
    print("urgent", n_urgent, "stats", service.scorer.export_stats())

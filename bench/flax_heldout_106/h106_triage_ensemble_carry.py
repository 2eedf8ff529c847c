# label: ok
# flax-error: none
# class: 4 TriageService.scorer holds the module with per-checkpoint params and batch_stats dicts; the scan body reaches them through two objects and carries batch_stats
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
    """One scorer per checkpoint; re-estimates normalisation on the site's scanners."""

    def __init__(self, checkpoints: dict):
        self.module = PatchScorer()
        self.params = {n: v["params"] for n, v in checkpoints.items()}
        self.stats = {n: v["batch_stats"] for n, v in checkpoints.items()}

    def score(self, stats, patches):
        logits, new_stats = [], {}
        for name, params in self.params.items():
            out, upd = self.module.apply(
                {"params": params, "batch_stats": stats[name]}, patches, mutable=["batch_stats"]
            )
            logits.append(out)
            new_stats[name] = upd["batch_stats"]
        return jax.nn.sigmoid(jnp.stack(logits)).mean(axis=0), new_stats

    def export_stats(self):
        return {n: jnp.mean(s["BatchNorm_0"]["mean"]) for n, s in self.stats.items()}


class TriageService:
    def __init__(self, scorer: EnsembleScorer):
        self.scorer = scorer

    def run_worklist(self, studies):
        def study(carry, patches):
            n_urgent, stats = carry
            urgency, stats = self.scorer.score(stats, patches)
            return (n_urgent + jnp.sum(urgency > 0.5), stats), urgency

        (n_urgent, stats), urgency = scan(study, (jnp.zeros((), jnp.int32), self.scorer.stats), studies)
        self.scorer.stats = stats
        return n_urgent, urgency


def load_checkpoints(sample, names=("site_a", "site_b", "site_c")):
    model = PatchScorer()
    return {n: model.init(jax.random.key(i), sample, train=False) for i, n in enumerate(names)}


def main():
    studies = jax.random.normal(jax.random.key(7), (5, 8, 4, 4))
    service = TriageService(EnsembleScorer(load_checkpoints(studies[0])))
    n_urgent, urgency = service.run_worklist(studies)
    print("urgent", n_urgent, "stats", service.scorer.export_stats())

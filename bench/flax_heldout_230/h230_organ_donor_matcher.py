# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 self.model / self.variables of a MatchScorer adapter, applied in train mode (BatchNorm batch statistics) inside the scan body without mutable
"""Organ donor matching: score each allocation round's recipients against one donor."""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class CompatibilityNet(nn.Module):
    @nn.compact
    def __call__(self, pair, train: bool):
        h = nn.Dense(12)(pair)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.9)(h)
        return nn.Dense(1)(nn.tanh(h))[..., 0]


class MatchScorer:
    """Adapter between registry records (donor, recipient HLA/ABO features) and the network."""

    def __init__(self, seed: int = 0, train: bool = True):
        self.model = CompatibilityNet()
        self.variables = self.model.init(jax.random.key(seed), jnp.zeros((8, 6)), train=False)
        self.train = train  # left on by the nightly calibration job

    def _pairs(self, donor, recipients):
        donor_rows = jnp.broadcast_to(donor, (recipients.shape[0], donor.shape[0]))
        return jnp.concatenate([donor_rows, recipients], axis=-1)

    def best_score(self, donor, rounds):
        def body(best, recipients):
            scores = self.model.apply(self.variables, self._pairs(donor, recipients), train=self.train)
            return jnp.maximum(best, scores.max()), scores

        best, _ = lax.scan(body, jnp.asarray(-jnp.inf), rounds)
        return best


def main():
    scorer = MatchScorer()
    donor = jnp.array([1.0, 0.0, 0.5])
    rounds = jax.random.normal(jax.random.key(3), (4, 8, 3))
    scorer.best_score(donor, rounds)

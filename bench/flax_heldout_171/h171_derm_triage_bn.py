# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 the TriageService's model and variables attributes are applied in train mode in the fori_loop body without a mutable collection
"""Dermatology image triage: scores lesion crops in batches and accumulates urgent-referral mass."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class LesionEncoder(nn.Module):
    classes: int = 3

    @nn.compact
    def __call__(self, images, train: bool):
        x = nn.Conv(8, (3, 3))(images)
        x = nn.BatchNorm(use_running_average=not train)(x)
        x = nn.relu(x).mean(axis=(1, 2))
        return nn.Dense(self.classes)(x)


class TriageService:
    URGENT = 2

    def __init__(self, model: LesionEncoder, variables, recalibrate: bool):
        self.model = model
        self.variables = variables
        self.recalibrate = recalibrate

    def urgent_mass(self, batches):
        def body(i, acc):
            logits = self.model.apply(self.variables, batches[i], train=self.recalibrate)
            probs = jax.nn.softmax(logits, axis=-1)
            return acc + probs[:, self.URGENT].sum()

        return lax.fori_loop(0, batches.shape[0], body, jnp.zeros(()))


def load_clinic_batches(key, n_batches=3, per_batch=4):
    return jax.random.uniform(key, (n_batches, per_batch, 8, 8, 3))


def main():
    batches = load_clinic_batches(jax.random.key(7))
    model = LesionEncoder()
    variables = model.init(jax.random.key(0), batches[0], train=False)
    # the clinic asked for statistics refreshed on its own population
    service = TriageService(model, variables, recalibrate=True)
    mass = service.urgent_mass(batches)
    float(mass)
    return None

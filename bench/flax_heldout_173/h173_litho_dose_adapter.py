# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 CalibrationService.calibrate's fori_loop body calls self.adapter.correct, which runs the DoseNet bound by model.bind(variables) in training mode
"""Dose/focus calibrator for a lithography scanner.

A small network maps per-field metrology (CD, overlay, focus residuals) to dose and focus
corrections. The service walks the exposure fields of a wafer and accumulates the corrections
that are pushed to the scanner recipe.
"""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


@dataclasses.dataclass(frozen=True)
class ScannerRecipe:
    n_fields: int = 8
    sites_per_field: int = 4
    metrology_dim: int = 6
    gain: float = 0.1


class DoseNet(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, field, train: bool):
        h = nn.Dense(self.hidden)(field)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.9)(h)
        h = nn.gelu(h)
        return nn.Dense(2)(h)  # (dose correction, focus correction) per site


class DoseAdapter:
    """Keeps a bound model so callers do not thread variables around."""

    def __init__(self, model: nn.Module, variables, train: bool):
        self._bound = model.bind(variables)
        self.train = train

    def correct(self, field):
        return self._bound(field, self.train)


class CalibrationService:
    def __init__(self, recipe: ScannerRecipe, adapter: DoseAdapter):
        self.recipe = recipe
        self.adapter = adapter

    def calibrate(self, fields):
        gain = self.recipe.gain

        def body(i, offsets):
            corr = self.adapter.correct(fields[i])
            return offsets + gain * jnp.mean(corr, axis=0)

        return lax.fori_loop(0, self.recipe.n_fields, body, jnp.zeros(2))


def load_adapter(recipe: ScannerRecipe, train: bool) -> DoseAdapter:
    model = DoseNet()
    sample = jnp.zeros((recipe.sites_per_field, recipe.metrology_dim))
    variables = model.init(jax.random.key(0), sample, train=False)
    return DoseAdapter(model, variables, train=train)


def main():
    recipe = ScannerRecipe()
    adapter = load_adapter(recipe, train=True)
    service = CalibrationService(recipe, adapter)
    fields = jax.random.normal(
        jax.random.key(1), (recipe.n_fields, recipe.sites_per_field, recipe.metrology_dim)
    )
    offsets = service.calibrate(fields)
    print("dose/focus offsets", offsets)
    return None

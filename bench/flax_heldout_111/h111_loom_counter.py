# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "defects" in "/" because collection "counters" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 1 the WeaveInspector's own inspect method runs a fori_loop over fabric rows and increments its counters variable inside the body (apply without mutable)
"""Textile loom defect detection: scores every row of a scanned fabric panel and keeps a running
count of defective rows in a Flax variable for the shift report."""

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class WeaveInspector(nn.Module):
    threshold: float = 0.6

    def setup(self):
        self.head = nn.Dense(1)
        self.defects = self.variable("counters", "defects", jnp.zeros, (), jnp.int32)

    def __call__(self, row):
        return nn.sigmoid(self.head(row)).squeeze(-1)

    def inspect(self, panel):
        scores = self(panel)

        def row(i, flagged):
            bad = scores[i] > self.threshold
            self.defects.value = self.defects.value + bad.astype(jnp.int32)
            return flagged.at[i].set(bad)

        return lax.fori_loop(0, panel.shape[0], row, jnp.zeros(panel.shape[0], bool))


class ShiftReport:
    def __init__(self, model, variables):
        self.model = model
        self.variables = variables

    def panel(self, panel):
        flagged = self.model.apply(self.variables, panel, method=WeaveInspector.inspect)
        return int(flagged.sum())


def main():
    model = WeaveInspector()
    panel = jax.random.normal(jax.random.key(3), (16, 24))
    variables = model.init(jax.random.key(0), panel[0])
    report = ShiftReport(model, variables)
    print(report.panel(panel))
    return None

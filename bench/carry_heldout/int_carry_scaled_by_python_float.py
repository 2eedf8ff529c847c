# label: drift-dtype
# jax-error: TypeError: scan body function carry input and carry output must have equal types, but they differ:
# class: 1 integer budget (np.array of ints) scaled by a Python float decay each step
import numpy as np
from jax import lax


def main():
    def spend(budget, _):
        budget = budget * 0.9
        return budget, budget.sum()

    budget, totals = lax.scan(spend, np.array([100, 50, 20]), None, length=5)
    return totals

# label: ok
# flax-error: none
# class: 4 a submodule with BatchNorm is called inside a jax.checkpoint-wrapped body of a raw lax.scan in the parent module's __call__
"""Long legal contracts are split into clauses; an encoder folds a clause state over them with lax.scan."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class ClauseBlock(nn.Module):
    width: int

    @nn.compact
    def __call__(self, h, clause, train: bool):
        h = nn.Dense(self.width)(h + clause)
        h = nn.BatchNorm(use_running_average=not train)(h)
        return nn.gelu(h)


class ContractEncoder(nn.Module):
    width: int = 16
    num_labels: int = 3

    @nn.compact
    def __call__(self, clauses, train: bool = False):
        block = ClauseBlock(self.width)
        # warm start from the first clause with the stored statistics (also creates the variables)
        h0 = block(jnp.zeros(clauses.shape[1:2] + (self.width,)), clauses[0], False)

        @jax.checkpoint
        def fold(h, clause):
            return block(h, clause, train), None

        h, _ = lax.scan(fold, h0, clauses[1:])
        return nn.Dense(self.num_labels)(h)


class ContractJob:
    def __init__(self, encoder, variables):
        self.encoder = encoder
        self.variables = variables

    def run(self, clauses, train):
        return self.encoder.apply(self.variables, clauses, train=train)


def main():
    enc = ContractEncoder()
    clauses = jnp.ones((6, 4, 16))
    variables = enc.init(jax.random.key(0), clauses, train=False)
    job = ContractJob(enc, variables)
    job.run(clauses, train=False)  # scoring pass uses the running statistics
    return None

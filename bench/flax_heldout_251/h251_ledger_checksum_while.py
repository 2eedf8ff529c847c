# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "digest" in "/" because collection "ledger" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 the ledger digest is written by a checksum stage looked up in a decorator registry and run from the while_loop body over folios
from typing import Callable, Dict, Sequence

import jax
import jax.numpy as jnp
import flax.linen as ln
from jax.lax import while_loop

StageFn = Callable[["ArchiveLedger", jax.Array], jax.Array]
_STAGES: Dict[str, StageFn] = {}


def stage(name: str):
    def register(fn: StageFn) -> StageFn:
        _STAGES[name] = fn
        return fn
    return register


@stage("legibility")
def legibility(ledger, folio):
    return ln.sigmoid(ledger.encoder(folio)).mean()


@stage("checksum")
def checksum(ledger, folio):
    ledger.digest.value = jnp.mod(ledger.digest.value * 31.0 + folio.sum(), 1000.0)
    return ledger.digest.value / 1000.0


class ArchiveLedger(ln.Module):
    pipeline: Sequence[str] = ("legibility", "checksum")

    def setup(self):
        self.encoder = ln.Dense(4)
        self.digest = self.variable("ledger", "digest", lambda: jnp.zeros(()))

    def encode(self, folio):
        return self.encoder(folio), self.digest.value

    def __call__(self, folios):
        stages = [_STAGES[name] for name in self.pipeline]
        n = folios.shape[0]

        def pending(carry):
            return carry[0] < n

        def process(carry):
            i, score = carry
            for run_stage in stages:
                score = score + run_stage(self, folios[i])
            return i + 1, score

        _, score = while_loop(pending, process, (0, jnp.zeros(())))
        return score / n


class DigitisationAudit:
    def __init__(self, ledger: ArchiveLedger):
        self.ledger = ledger

    def prepare(self, key, folios):
        return self.ledger.init(key, folios[0], method=ArchiveLedger.encode)

    def verify(self, variables, folios):
        return self.ledger.apply(variables, folios)


def main():
    folios = jax.random.uniform(jax.random.key(2), (4, 6))
    audit = DigitisationAudit(ArchiveLedger())
    variables = audit.prepare(jax.random.key(0), folios)
    jax.block_until_ready(audit.verify(variables, folios))
    return None

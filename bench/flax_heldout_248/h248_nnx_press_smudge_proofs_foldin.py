# label: ok
# flax-error: none
# class: 4 the while_loop body in PrintingPress.proof_sheets reaches the dropout through self.model.head and passes it a key folded from the proof index and a base key drawn before the loop
"""Smudge proofs for a printing press: repeated stochastic passes of one sheet."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import while_loop


class SmudgeHead(nnx.Module):
    def __init__(self, zones: int, width: int, *, rngs: nnx.Rngs):
        self.proj = nnx.Linear(zones, width, rngs=rngs)
        self.dropout = nnx.Dropout(0.3, rngs=rngs)

    def __call__(self, sheet, key=None):
        return self.dropout(nnx.softplus(self.proj(sheet)) + 0.5, rngs=key)


class PressModel(nnx.Module):
    def __init__(self, zones: int = 4, width: int = 5, *, rngs: nnx.Rngs):
        self.width = width
        self.head = SmudgeHead(zones, width, rngs=rngs)


class PrintingPress:
    def __init__(self, model: PressModel, rngs: nnx.Rngs):
        self.model = model
        self.rngs = rngs

    def proof_sheets(self, sheet, n: int):
        base = self.rngs.dropout()

        def more(state):
            return state[0] < n

        def proof(state):
            i, proofs = state
            smudge = self.model.head(sheet, key=jax.random.fold_in(base, i))
            return i + 1, proofs.at[i].set(smudge)

        _, proofs = while_loop(more, proof, (0, jnp.zeros((n, self.model.width))))
        return proofs


def main():
    press = PrintingPress(PressModel(rngs=nnx.Rngs(params=0, dropout=9)), nnx.Rngs(dropout=10))
    sheet = jnp.array([0.9, 0.1, 0.4, 0.6], dtype=jnp.float32)
    return press.proof_sheets(sheet, n=4)

# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the while_loop body in PrintingPress.proof_sheets reaches the dropout through self.model.head, which draws from its own rngs stream
"""Smudge proofs for a printing press: repeated stochastic passes of one sheet."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import while_loop


class SmudgeHead(nnx.Module):
    def __init__(self, zones: int, width: int, *, rngs: nnx.Rngs):
        self.proj = nnx.Linear(zones, width, rngs=rngs)
        self.dropout = nnx.Dropout(0.3, rngs=rngs)

    def __call__(self, sheet):
        return self.dropout(nnx.softplus(self.proj(sheet)) + 0.5)


class PressModel(nnx.Module):
    def __init__(self, zones: int = 4, width: int = 5, *, rngs: nnx.Rngs):
        self.width = width
        self.head = SmudgeHead(zones, width, rngs=rngs)


class PrintingPress:
    def __init__(self, model: PressModel):
        self.model = model

    def proof_sheets(self, sheet, n: int):
        def more(state):
            return state[0] < n

        def proof(state):
            i, proofs = state
            return i + 1, proofs.at[i].set(self.model.head(sheet))

        _, proofs = while_loop(more, proof, (0, jnp.zeros((n, self.model.width))))
        return proofs


def main():
    press = PrintingPress(PressModel(rngs=nnx.Rngs(params=0, dropout=9)))
    sheet = jnp.array([0.9, 0.1, 0.4, 0.6], dtype=jnp.float32)
    return press.proof_sheets(sheet, n=4)

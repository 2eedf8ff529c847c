# label: ok
# flax-error: none
# class: 2 an NNX model held in a local of main is split; its state is the scan carry and is merged in the body
"""MC dropout uncertainty for an NNX regressor, the T stochastic passes written as a raw scan.

Twin of h213_nnx_mc_dropout: the model is split into graphdef and state, the state (with
the dropout RngCount) is the scan carry, merged and split again at every pass."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan

N_SAMPLES = 10


class Regressor(nnx.Module):
    def __init__(self, din, hidden, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(din, hidden, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)
        self.l2 = nnx.Linear(hidden, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(self.drop(nnx.relu(self.l1(x))))


def main():
    model = Regressor(1, 32, rngs=nnx.Rngs(params=0, dropout=1))
    x = jnp.linspace(-3.0, 3.0, 20)[:, None]
    model.train()
    graphdef, state = nnx.split(model)

    def one_pass(state, _):
        m = nnx.merge(graphdef, state)
        y = m(x)[:, 0]
        return nnx.split(m)[1], y

    state, preds = scan(one_pass, state, None, length=N_SAMPLES)
    nnx.update(model, state)
    print("epistemic std", preds.std(axis=0).mean())
    return preds

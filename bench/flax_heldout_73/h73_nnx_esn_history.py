# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[40] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 module-level collect_states() receives the NNX reservoir; the raw scan body appends each state to a Python list from the enclosing function, stacked after the loop
"""Echo-state network in NNX: drive the reservoir with an input series, collect the states
and fit the linear readout by ridge regression (the standard ESN training recipe)."""
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class Reservoir(nnx.Module):
    def __init__(self, n_in, n_res, *, rngs: nnx.Rngs, leak=0.3, rho=0.9):
        w = jax.random.normal(rngs.params(), (n_res, n_res)) / jnp.sqrt(n_res)
        self.w = nnx.Variable(rho * w / jnp.linalg.norm(w, 2))
        self.w_in = nnx.Variable(jax.random.uniform(rngs.params(), (n_in, n_res), minval=-1.0, maxval=1.0))
        self.leak = leak
        self.n_res = n_res

    def step(self, h, u):
        return (1 - self.leak) * h + self.leak * jnp.tanh(u @ self.w_in[...] + h @ self.w[...])


def collect_states(reservoir, inputs, washout=5):
    states = []

    def drive(h, u):
        h = reservoir.step(h, u)
        states.append(h)
        return h, None

    lax.scan(drive, jnp.zeros(reservoir.n_res), inputs)
    return jnp.stack(states)[washout:]


def ridge_readout(states, targets, reg=1e-4):
    a = states.T @ states + reg * jnp.eye(states.shape[1])
    return jnp.linalg.solve(a, states.T @ targets)


def main():
    reservoir = Reservoir(1, 40, rngs=nnx.Rngs(0))
    series = jnp.sin(jnp.linspace(0.0, 10.0, 31))[:, None]
    states = collect_states(reservoir, series[:-1])
    w_out = ridge_readout(states, series[6:])
    jax.block_until_ready(w_out)
    return None


if __name__ == "__main__":
    main()

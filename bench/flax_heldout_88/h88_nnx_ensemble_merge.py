# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6,6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 a weather ensemble keeps NNX members in a dict; its raw lax.fori_loop nudging body merges each member from the carried states and caches the merged module back into the dict
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class MemberModel(nnx.Module):
    def __init__(self, n_vars, *, rngs):
        self.dyn = nnx.Linear(n_vars, n_vars, rngs=rngs)

    def __call__(self, x):
        return x + 0.1 * jnp.tanh(self.dyn(x))


class WeatherEnsemble:
    def __init__(self, names, n_vars):
        self.members = {n: MemberModel(n_vars, rngs=nnx.Rngs(i)) for i, n in enumerate(names)}

    def nudge(self, obs, steps=3, lr=0.01):
        graphdefs = {n: nnx.split(m)[0] for n, m in self.members.items()}
        states = {n: nnx.split(m)[1] for n, m in self.members.items()}

        def body(i, states):
            new_states = {}
            for name, gd in graphdefs.items():
                def loss(st):
                    return jnp.mean((nnx.merge(gd, st)(obs[i]) - obs[i + 1]) ** 2)
                g = jax.grad(loss)(states[name])
                new_states[name] = jax.tree.map(lambda p, d: p - lr * d, states[name], g)
                self.members[name] = nnx.merge(gd, new_states[name])
            return new_states

        jax.lax.fori_loop(0, steps, body, states)

    def forecast(self, x):
        return jnp.mean(jnp.stack([m(x) for m in self.members.values()]), axis=0)


def main():
    obs = jnp.ones((4, 2, 6))
    ens = WeatherEnsemble(["ifs", "gfs", "icon"], 6)
    ens.nudge(obs)
    ens.forecast(obs[0]).block_until_ready()
    return None

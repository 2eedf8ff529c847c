# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 adapter keeps a bound policy (model.bind with mutable batch_stats) and calls it inside fori_loop; stats read back after the loop
"""A robot policy hidden behind an adapter class that mimics the old controller API."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class Policy(nn.Module):
    n_actions: int = 2

    @nn.compact
    def __call__(self, obs, train: bool = True):
        h = nn.Dense(8)(obs)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.9)(h)
        return jnp.tanh(nn.Dense(self.n_actions)(nn.relu(h)))


class PolicyAdapter:
    """Controller interface: reset(), act(obs), sync()."""

    def __init__(self, module, variables):
        self.module = module
        self.params = variables["params"]
        self.bound = module.bind(variables, mutable=["batch_stats"])

    def act(self, obs):
        return self.bound(obs, train=True)

    def sync(self):
        # push the adapted statistics back into a fresh variables dict
        stats = self.bound.variables["batch_stats"]
        return {"params": self.params, "batch_stats": jax.tree.map(jnp.asarray, stats)}


class Robot:
    def __init__(self, adapter):
        self.adapter = adapter

    def rollout(self, obs0, steps):
        def body(i, obs):
            act = self.adapter.act(obs)
            return obs + 0.1 * jnp.pad(act, ((0, 0), (0, obs.shape[-1] - act.shape[-1])))

        return jax.lax.fori_loop(0, steps, body, obs0)


def main():
    module = Policy()
    obs = jnp.ones((3, 4))
    variables = module.init(jax.random.PRNGKey(1), obs, train=False)
    adapter = PolicyAdapter(module, variables)
    robot = Robot(adapter)
    robot.rollout(obs, 4)
    new_vars = adapter.sync()
    module.apply(new_vars, obs, train=False)
    return None

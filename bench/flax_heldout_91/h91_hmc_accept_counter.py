# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "n_accept" in "/" because collection "diagnostics" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 1 acceptance counter self.variable('diagnostics') incremented inside a raw fori_loop closure in @nn.compact, applied without mutable diagnostics
"""L2HMC-style sampler (Levy et al. 2018): leapfrog steps whose momentum update is rescaled by a
learned network; Metropolis-Hastings accept/reject each transition. Target: a 2-D banana."""
import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


def log_target(x):
    return -0.5 * (x[0] ** 2 / 4.0 + (x[1] + 0.25 * x[0] ** 2 - 1.0) ** 2)


class LearnedLeapfrog(nn.Module):
    n_leapfrog: int = 5
    step_size: float = 0.1

    @nn.compact
    def __call__(self, x, p):
        scale_net = nn.Dense(2, kernel_init=nn.initializers.zeros)
        eps = self.step_size
        for _ in range(self.n_leapfrog):
            s = jnp.exp(scale_net(x))
            p = p + 0.5 * eps * s * jax.grad(log_target)(x)
            x = x + eps * p
            p = p + 0.5 * eps * s * jax.grad(log_target)(x)
        return x, p


class HMCChain(nn.Module):
    n_samples: int = 10

    @nn.compact
    def __call__(self, x0, key):
        leapfrog = LearnedLeapfrog()
        n_accept = self.variable("diagnostics", "n_accept", lambda: jnp.zeros((), jnp.int32))
        leapfrog(x0, jnp.zeros_like(x0))  # create params

        def body(i, x):
            k_mom, k_acc = jax.random.split(jax.random.fold_in(key, i))
            p = jax.random.normal(k_mom, x.shape)
            x_new, p_new = leapfrog(x, p)
            log_ratio = (log_target(x_new) - 0.5 * p_new @ p_new) - (log_target(x) - 0.5 * p @ p)
            accept = jnp.log(jax.random.uniform(k_acc)) < log_ratio
            n_accept.value += accept.astype(jnp.int32)
            return jnp.where(accept, x_new, x)

        return lax.fori_loop(0, self.n_samples, body, x0)


def main():
    model = HMCChain()
    x0 = jnp.zeros((2,))
    variables = model.init(jax.random.PRNGKey(0), x0, jax.random.PRNGKey(1))
    fresh = {"n_accept": jnp.zeros((), jnp.int32)}  # reset the diagnostics for a new chain
    x = model.apply({"params": variables["params"], "diagnostics": fresh}, x0, jax.random.PRNGKey(2))
    x.block_until_ready()
    return None

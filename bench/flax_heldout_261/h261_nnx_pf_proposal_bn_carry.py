# label: ok
# flax-error: none
# class: 4 the state of self.proposal.net (an NNX module with BatchNorm reached through the filter's proposal object) is threaded through the while_loop carry and merged into a LearnedProposal in the body
import jax
import jax.lax as lax
import jax.numpy as jnp
from flax import nnx


class ProposalNet(nnx.Module):
    def __init__(self, dim: int, hidden: int, *, rngs: nnx.Rngs):
        self.fc1 = nnx.Linear(dim + dim, hidden, rngs=rngs)
        self.norm = nnx.BatchNorm(hidden, momentum=0.9, rngs=rngs)
        self.fc2 = nnx.Linear(hidden, 2 * dim, rngs=rngs)

    def __call__(self, particles, y):
        h = jnp.concatenate([particles, jnp.broadcast_to(y, particles.shape)], axis=-1)
        h = nnx.gelu(self.norm(self.fc1(h)))
        mean, log_std = jnp.split(self.fc2(h), 2, axis=-1)
        return particles + mean, jnp.clip(log_std, -3.0, 1.0)


class LearnedProposal:
    def __init__(self, net: ProposalNet):
        self.net = net

    def sample(self, particles, y, key):
        mean, log_std = self.net(particles, y)
        z = jax.random.normal(key, mean.shape)
        new = mean + jnp.exp(log_std) * z
        log_q = -0.5 * jnp.sum(z**2 + 2 * log_std, axis=-1)
        return new, log_q


class ParticleFilter:
    def __init__(self, proposal: LearnedProposal, obs_std=0.3, trans_std=0.5):
        self.proposal = proposal
        self.obs_std = obs_std
        self.trans_std = trans_std

    def filter(self, ys, particles, key):
        n = ys.shape[0]
        graphdef, net_state = nnx.split(self.proposal.net)

        def cond(c):
            return c[0] < n

        def body(c):
            t, particles, log_z, key, net_state = c
            proposal = LearnedProposal(nnx.merge(graphdef, net_state))
            key, k_prop, k_res = jax.random.split(key, 3)
            new, log_q = proposal.sample(particles, ys[t], k_prop)
            log_p = -0.5 * jnp.sum(((new - particles) / self.trans_std) ** 2, axis=-1)
            log_lik = -0.5 * jnp.sum(((ys[t] - new) / self.obs_std) ** 2, axis=-1)
            logw = log_p + log_lik - log_q
            log_z = log_z + jax.nn.logsumexp(logw) - jnp.log(n * 1.0)
            idx = jax.random.categorical(k_res, logw, shape=logw.shape)
            return t + 1, new[idx], log_z, key, nnx.state(proposal.net)

        _, particles, log_z, _, net_state = lax.while_loop(cond, body, (0, particles, 0.0, key, net_state))
        nnx.update(self.proposal.net, net_state)
        return particles, log_z


def main():
    net = ProposalNet(2, 16, rngs=nnx.Rngs(0))
    pf = ParticleFilter(LearnedProposal(net))
    ys = jnp.linspace(0.0, 1.0, 5)[:, None] * jnp.ones((5, 2))
    particles = jax.random.normal(jax.random.key(1), (32, 2))
    particles, log_z = pf.filter(ys, particles, jax.random.key(2))
    jax.block_until_ready((log_z, nnx.state(net, nnx.BatchStat)))
    return None
